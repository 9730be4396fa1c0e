/**
 * Subjects a link may preset in the contact form on the home page: the
 * form has no subject field, so `?topic=accessibility` fills the question
 * with the start of a message about that subject (`contact.topics.<topic>`),
 * which the visitor completes. The server reads it, so it works without
 * JavaScript; an unknown topic presets nothing.
 */
export const CONTACT_TOPICS = ["accessibility"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** The query parameter the home page reads (also its page cache key: server/cache-key.ts). */
export const CONTACT_TOPIC_PARAMETER = "topic";

/** The id of the contact section, where a link to the form lands. */
export const CONTACT_SECTION_ID = "contact-section";

export function contactTopicFrom(searchParams: URLSearchParams): ContactTopic | null {
  const topic = searchParams.get(CONTACT_TOPIC_PARAMETER);
  return CONTACT_TOPICS.find((known) => known === topic) ?? null;
}

/** The link to the contact form on a home page (`/nl`) with `topic` preset: `/nl?topic=accessibility#contact-section`. */
export function contactFormHref(homePath: string, topic: ContactTopic): string {
  return `${homePath}?${CONTACT_TOPIC_PARAMETER}=${topic}#${CONTACT_SECTION_ID}`;
}
