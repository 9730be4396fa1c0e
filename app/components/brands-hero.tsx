import { useTranslation } from "~/i18n/use-translation";

/** Page header with the brands image (home and about, spec 2). */
export function BrandsHero(props: { subtitle?: string; title: string; lead: string }) {
  const { t } = useTranslation();
  return (
    <header className="app-hero">
      <div className="app-hero__text">
        {props.subtitle ? <p className="app-hero__subtitle">{props.subtitle}</p> : null}
        <h1 className="app-heading-1">{props.title}</h1>
        <p className="app-hero__lead">{props.lead}</p>
      </div>
      <img
        className="app-hero__image"
        src="/images/brands.svg"
        alt={t("home.brandsImageAlt")}
        width="480"
        height="300"
      />
    </header>
  );
}
