/** Tells the contact form's posts apart from other forms on the same page. */
export const CONTACT_FORM_ID = "contact";
