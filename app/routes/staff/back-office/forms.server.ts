import { FORM_ID_FIELD } from "~/validation/form-definition";

/** Which of a page's forms was posted (read from a copy, so the form's own reader still gets the body). */
export async function postedFormId(request: Request): Promise<string | null> {
  try {
    const value = (await request.clone().formData()).get(FORM_ID_FIELD);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}
