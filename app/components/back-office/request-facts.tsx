import type { ReactNode } from "react";

import type { RightType } from "~/domain/rights";
import { useTranslation } from "~/i18n/use-translation";
import type { RightDetails } from "~/validation/privacy-request";

import { useDateTime } from "./back-office";
import { RightDetailsFacts } from "./right-details";

/** What the person asked, as the request records it: an empty fact is left out. */
export type RequestFactsShown = {
  createdAt: string;
  verifiedAt: string | null;
  dueAt: string | null;
  email: string | null;
  phone: string | null;
  person: string | null;
  brands: string[];
  brandName: string | null;
  article: string | null;
  publicationDate: string | null;
  publicationLink: string | null;
  message: string | null;
  rightType: RightType;
  details: RightDetails | null;
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (
    children === null ||
    children === undefined ||
    children === "" ||
    (Array.isArray(children) && children.length === 0)
  )
    return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The request page's "asked" section. */
export function RequestFacts({ request }: { request: RequestFactsShown }) {
  const { t } = useTranslation();
  const when = useDateTime();
  return (
    <section className="app-section" aria-labelledby="asked">
      <h2 id="asked">{t("backOffice.request.asked")}</h2>
      <dl className="app-facts">
        <Fact label={t("backOffice.request.received")}>{when(request.createdAt)}</Fact>
        <Fact label={t("backOffice.request.verified")}>{request.verifiedAt ? when(request.verifiedAt) : null}</Fact>
        <Fact label={t("backOffice.request.due")}>{request.dueAt ? when(request.dueAt) : null}</Fact>
        <Fact label={t("backOffice.request.email")}>{request.email}</Fact>
        <Fact label={t("backOffice.request.phone")}>{request.phone}</Fact>
        <Fact label={t("backOffice.request.person")}>{request.person}</Fact>
        <Fact label={t("backOffice.request.brands")}>{request.brands.join(", ")}</Fact>
        <Fact label={t("backOffice.request.brandName")}>{request.brandName}</Fact>
        <Fact label={t("backOffice.request.article")}>{request.article}</Fact>
        <Fact label={t("backOffice.request.publicationDate")}>{request.publicationDate}</Fact>
        <Fact label={t("backOffice.request.publicationLink")}>{request.publicationLink}</Fact>
        <Fact label={t("backOffice.request.message")}>{request.message}</Fact>
        <RightDetailsFacts rightType={request.rightType} details={request.details} />
      </dl>
    </section>
  );
}
