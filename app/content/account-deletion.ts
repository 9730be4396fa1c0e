/**
 * Spec 2 "Forgotten overview": the accounts a person may want deleted, per
 * country. The group's own account leads to the forgotten form; a partner's
 * account is deleted on the partner's own site. Names, texts and addresses
 * are content (fictional here): the real group swaps them in.
 */
import type { Country } from "~/i18n/locale";

type Texts = { title: string; text: string };

export type AccountDeletionOption = {
  id: string;
  /** Texts per locale that has them (en_be shows nl_be's, as every text). */
  texts: { nl_nl?: Texts; nl_be?: Texts; fr_be?: Texts };
  target: { kind: "forgotten-form" } | { kind: "partner"; partner: string; url: Partial<Record<"nl" | "fr", string>> };
};

export const accountDeletionOptions: Record<Country, AccountDeletionOption[]> = {
  nl: [
    {
      id: "group-account",
      texts: {
        nl_nl: {
          title: "Je Veldhaven-account",
          text: "Met één account lees je onze kranten en magazines, beheer je je abonnementen en ontvang je nieuwsbrieven. Vraag hier om dat account en alle gegevens die we daarbij over je bewaren te wissen.",
        },
      },
      target: { kind: "forgotten-form" },
    },
    {
      id: "puzzle-club",
      texts: {
        nl_nl: {
          title: "Je account bij de Puzzelpier Club",
          text: "De puzzelclub met prijsvragen draait bij onze partner Denkwerk Spellen B.V. Je account en je deelnames aan prijsvragen verwijder je op hun website.",
        },
      },
      target: { kind: "partner", partner: "Denkwerk Spellen B.V.", url: { nl: "https://www.denkwerkspellen.nl/account/verwijderen" } },
    },
    {
      id: "travel-deals",
      texts: {
        nl_nl: {
          title: "Je account bij Koffervol Reizen",
          text: "Reizen die je via Koffervol boekt, regelt onze partner Zonnekust Reisbureau B.V. Zij bewaren je boekingen en je account; verwijderen doe je bij hen.",
        },
      },
      target: { kind: "partner", partner: "Zonnekust Reisbureau B.V.", url: { nl: "https://www.zonnekustreizen.nl/mijn-account/verwijderen" } },
    },
  ],
  be: [
    {
      id: "group-account",
      texts: {
        nl_be: {
          title: "Je Veldhaven-account",
          text: "Met één account lees je onze kranten en magazines, beheer je je abonnementen en ontvang je nieuwsbrieven. Vraag hier om dat account en alle gegevens die we daarbij over je bewaren te wissen.",
        },
        fr_be: {
          title: "Votre compte Veldhaven",
          text: "Un seul compte vous permet de lire nos journaux et magazines, de gérer vos abonnements et de recevoir nos newsletters. Demandez ici la suppression de ce compte et de toutes les données que nous conservons à votre sujet.",
        },
      },
      target: { kind: "forgotten-form" },
    },
    {
      id: "energy-account",
      texts: {
        nl_be: {
          title: "Je account bij Veldhaven Energie",
          text: "Het energieaanbod voor onze lezers levert onze partner Lumenstroom NV. Zij beheren je energiecontract en je account; je verwijdert het op hun website, zodra je contract is afgelopen.",
        },
        fr_be: {
          title: "Votre compte Veldhaven Énergie",
          text: "L’offre d’énergie réservée à nos lecteurs est fournie par notre partenaire Lumenstroom SA. Il gère votre contrat d’énergie et votre compte : vous le supprimez sur son site, une fois votre contrat terminé.",
        },
      },
      target: {
        kind: "partner",
        partner: "Lumenstroom NV",
        url: { nl: "https://www.lumenstroom.be/nl/account-verwijderen", fr: "https://www.lumenstroom.be/fr/supprimer-mon-compte" },
      },
    },
  ],
};
