/**
 * The texts a right or an action needs, whose keys the code builds from the
 * rights' table (`backOffice.rights.${code}`, `pages.${key}.title`…) and
 * so the scanner of literal keys (translations.test.ts) cannot see: each
 * locale's own files hold every one, for every right, action and own field
 * of the table, in Dutch for both countries and in French.
 */
import { describe, expect, it } from "vitest";

import { RIGHTS, SYSTEM_ACTIONS } from "~/domain/rights";
import { lookup } from "~/i18n/translations";
import { DETAILS_RIGHTS } from "~/validation/rights";

import fr_be_common from "../../locales/fr_be/common.json";
import fr_be_mail from "../../locales/fr_be/mail.json";
import nl_be_common from "../../locales/nl_be/common.json";
import nl_be_mail from "../../locales/nl_be/mail.json";
import nl_nl_common from "../../locales/nl_nl/common.json";
import nl_nl_mail from "../../locales/nl_nl/mail.json";

const LOCALES = {
  nl_nl: { common: nl_nl_common, mail: nl_nl_mail },
  nl_be: { common: nl_be_common, mail: nl_be_mail },
  fr_be: { common: fr_be_common, mail: fr_be_mail },
};

/** The site's keys: each right's names, page, overview block and crumb, and each action's words. */
function commonKeys(): string[] {
  const keys = RIGHTS.flatMap((right) => [
    `backOffice.rights.${right.code}`,
    `privacyRights.figures.rights.${right.code}`,
    `verification.rightTypes.${right.code}`,
    `privacyRights.overview.rights.${right.key}.title`,
    `privacyRights.overview.rights.${right.key}.text`,
    `pages.${right.key}.title`,
    `pages.${right.key}.description`,
    `breadcrumbs.${right.key}`,
  ]);
  for (const right of RIGHTS) {
    const form = DETAILS_RIGHTS[right.code];
    if (!form) continue;
    keys.push(`privacyRights.${right.key}.intro`, `privacyRights.${right.key}.after`);
    for (const field of form.fields) {
      const at = `privacyRights.${right.key}.fields.${field.name}`;
      keys.push(`${at}.label`);
      if (field.kind !== "choice") keys.push(`${at}.hint`);
      if (field.kind !== "text") keys.push(...field.options.map((option) => `${at}.options.${option}`));
    }
  }
  return [...keys, ...SYSTEM_ACTIONS.map((action) => `privacyRights.systemTask.actions.${action}`)];
}

/** The mails' keys: each right as the person and a system's contact read it, and each action. */
const mailKeys = () => [
  ...RIGHTS.flatMap((right) => [`rights.${right.code}`, `systemTaskMail.rights.${right.code}`]),
  ...SYSTEM_ACTIONS.map((action) => `systemTaskMail.actions.${action}`),
];

describe("the texts of every right and action", () => {
  for (const [locale, files] of Object.entries(LOCALES)) {
    it(`are in ${locale}'s own files`, () => {
      const missing = [
        ...commonKeys().filter((key) => lookup(files.common, key) === key),
        ...mailKeys()
          .filter((key) => lookup(files.mail, key) === key)
          .map((key) => `mail:${key}`),
      ];
      expect(missing).toEqual([]);
    });
  }
});
