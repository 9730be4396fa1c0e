/** A mail to a person that never arrived: refused for good by the server, or every attempt used up. */
export type UndeliveredMail = {
  createdAt: string;
  subject: string;
  status: "bounced" | "failed";
  serverAnswer: string | null;
};
