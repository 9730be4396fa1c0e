/**
 * The invented register the embedded default starts with, so that every
 * page, filter and state of the transparency centre has something to show:
 * 27 campaigns per country over the last two years (some this week), every
 * channel the country offers, all statuses, the country's context types,
 * every funding origin and region, with and without payer and beneficiary,
 * one previously suspended. Parties, people and addresses are fictional;
 * dates are relative to the first start.
 */
import type { CampaignRow } from "~/validation/campaign";
import { CHANNELS_BY_COUNTRY, CONTEXT_TYPES, FUNDING_ORIGINS, FUNDING_REGIONS } from "~/domain/campaign-item";
import { COUNTRIES, countryCode, type Country } from "~/domain/country";

/** `language`: the language the sponsor advertises in (Dutch when absent). */
type Sponsor = { name: string; email: string; address: string; language?: "fr" };
type Party = { name: string; email: string; address: string };

const SPONSORS: Record<Country, Sponsor[]> = {
  nl: [
    { name: "Beweging Nieuw Midden", email: "campagne@nieuwmidden.example", address: "Lange Voorhout 12, 2514 ED Den Haag" },
    { name: "Partij Samen Verder", email: "info@samenverder.example", address: "Oudegracht 204, 3511 NT Utrecht" },
    { name: "Lijst Waterland", email: "bestuur@lijstwaterland.example", address: "Dijkweg 8, 1141 AB Monnickendam" },
    { name: "Stichting Stem voor het Klimaat", email: "contact@stemvoorhetklimaat.example", address: "Weteringschans 95, 1017 RZ Amsterdam" },
    { name: "Vereniging Eerlijke Energie", email: "secretariaat@eerlijke-energie.example", address: "Stationsplein 3, 6811 KG Arnhem" },
    { name: "Jongerenpartij Morgen", email: "hallo@partijmorgen.example", address: "Vismarkt 21, 9711 KT Groningen" },
    { name: "Ouderenbond Zilverstem", email: "info@zilverstem.example", address: "Markt 40, 5611 EC Eindhoven" },
    { name: "Provinciaal Belang Brabant", email: "campagne@provinciaalbelang.example", address: "Verwersstraat 14, 5211 HV 's-Hertogenbosch" },
    { name: "Burgercomité Veilige Polder", email: "comite@veiligepolder.example", address: "Havenstraat 7, 8861 BA Harlingen" },
  ],
  be: [
    { name: "Lijst Leiestad", email: "campagne@lijstleiestad.example", address: "Korenmarkt 15, 9000 Gent" },
    { name: "Parti Horizon Wallonie", email: "contact@horizon-wallonie.example", address: "Rue de Fer 22, 5000 Namur", language: "fr" },
    { name: "Brusselse Burgerlijst / Liste Citoyenne Bruxelloise", email: "info@burgerlijst.example", address: "Rue Haute 120, 1000 Bruxelles" },
    { name: "Mouvement Citoyen Ardennes", email: "bureau@mc-ardennes.example", address: "Place du Marché 3, 6700 Arlon", language: "fr" },
    { name: "Vlaamse Vernieuwingsbeweging", email: "secretariaat@vernieuwing.example", address: "Meir 80, 2000 Antwerpen" },
    { name: "Alliance Fédérale Progrès", email: "presse@afp-progres.example", address: "Boulevard d'Avroy 38, 4000 Liège", language: "fr" },
    { name: "Kempense Gemeentebelangen", email: "info@kempengemeente.example", address: "Grote Markt 1, 2300 Turnhout" },
    { name: "Ostbelgien Gemeinsam", email: "kontakt@ostbelgien-gemeinsam.example", address: "Kirchstraße 10, 4700 Eupen" },
    { name: "Collectif Climat Louvain", email: "collectif@climat-louvain.example", address: "Grand-Place 5, 1348 Louvain-la-Neuve", language: "fr" },
  ],
};

const PAYERS: Record<Country, Party[]> = {
  nl: [
    { name: "Steunfonds Nieuw Midden B.V.", email: "administratie@steunfonds.example", address: "Koningskade 30, 2596 AA Den Haag" },
    { name: "Ministerie van Binnenlandse Zaken (voorlichting)", email: "voorlichting@bzk-demo.example", address: "Turfmarkt 147, 2511 DP Den Haag" },
    { name: "Coöperatie Windkracht Noord U.A.", email: "leden@windkrachtnoord.example", address: "Zuiderdiep 2, 9711 HA Groningen" },
  ],
  be: [
    { name: "Vzw Leiestad Vooruit", email: "boekhouding@leiestadvooruit.example", address: "Veldstraat 60, 9000 Gent" },
    { name: "Service public de Wallonie (communication)", email: "communication@spw-demo.example", address: "Place Joséphine-Charlotte 2, 5100 Namur" },
    { name: "Fondation Horizon Europe ASBL", email: "finance@fondation-horizon.example", address: "Avenue Louise 250, 1050 Bruxelles" },
  ],
};

const BENEFICIARIES: Record<Country, Party[]> = {
  nl: [
    { name: "Holding Ruimzicht B.V.", email: "secretariaat@ruimzicht.example", address: "Zuidas 10, 1082 MD Amsterdam" },
    { name: "Stichting Toekomstfonds Nederland", email: "info@toekomstfonds.example", address: "Maliebaan 50, 3581 CS Utrecht" },
  ],
  be: [
    { name: "Groep Scheldezicht NV", email: "directie@scheldezicht.example", address: "Kaai 14, 2000 Antwerpen" },
    { name: "Stiftung Grenzland Zukunft", email: "info@grenzland-zukunft.example", address: "Aachener Straße 5, 4700 Eupen" },
  ],
};

/** Topics for the context notes, in both languages (the note shown follows the page's language). */
const TOPICS: Array<{ nl: string; fr: string }> = [
  { nl: "Campagne over betaalbaar wonen en nieuwbouw in de regio.", fr: "Campagne sur le logement abordable et la construction neuve dans la région." },
  { nl: "Oproep om te gaan stemmen, met het verkiezingsprogramma op hoofdlijnen.", fr: "Appel à voter, avec les grandes lignes du programme électoral." },
  { nl: "Standpunt over de energietransitie en windparken op land.", fr: "Position sur la transition énergétique et l'éolien terrestre." },
  { nl: "Informatie over een wetsvoorstel over het openbaar vervoer.", fr: "Information sur une proposition de loi relative aux transports publics." },
  { nl: "Campagne voor meer groen en veilige fietsroutes in de stad.", fr: "Campagne pour plus de verdure et des pistes cyclables sûres en ville." },
  { nl: "Standpunt over zorg dichtbij huis en de toekomst van het ziekenhuis.", fr: "Position sur les soins de proximité et l'avenir de l'hôpital." },
  { nl: "Oproep tot deelname aan het referendum over de gemeentelijke herindeling.", fr: "Appel à participer à la consultation sur la fusion des communes." },
  { nl: "Campagne over waterveiligheid en de versterking van de dijken.", fr: "Campagne sur la sécurité face à l'eau et le renforcement des digues." },
  { nl: "Informatie over de Europese verkiezingen en de kandidatenlijst.", fr: "Information sur les élections européennes et la liste des candidats." },
];

const REACH: Record<string, Array<[number | undefined, number | undefined]>> = {
  PRINT: [[10_000, 50_000], [50_000, 100_000], [undefined, 25_000], [250_000, undefined]],
  DIGITAL: [[100_000, 500_000], [500_000, 1_000_000], [undefined, 50_000], [2_000_000, undefined]],
  TV: [[5, 10], [10, 25], [undefined, 5], [40, undefined]],
  RADIO: [[2, 5], [5, 12], [undefined, 2], [15, undefined]],
};
const BUDGETS: Array<[number | undefined, number | undefined]> = [
  [1_000, 5_000],
  [5_000, 10_000],
  [undefined, 1_000],
  [10_000, 50_000],
  [50_000, 100_000],
  [100_000, undefined],
];

/** Start offsets in days before today, newest first: this week, this month, this year, and the year before. */
const START_DAYS_AGO = [1, 3, 6, 12, 20, 28, 45, 60, 80, 100, 130, 160, 190, 220, 250, 280, 310, 340, 370, 400, 450, 500, 550, 600, 650, 690, 720];
const DURATIONS = [21, 14, 30, 10, 45, 7, 60];

const day = (today: Date, daysAgo: number) => new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export const SEED_CAMPAIGNS_PER_COUNTRY = START_DAYS_AGO.length;

export function seedCampaigns(today: Date): CampaignRow[] {
  return COUNTRIES.flatMap((country) =>
    START_DAYS_AGO.map((daysAgo, index): CampaignRow => {
      const channels = CHANNELS_BY_COUNTRY[country];
      const channel = channels[index % channels.length];
      const sponsor = SPONSORS[country][index % SPONSORS[country].length];
      const contexts = CONTEXT_TYPES[country];
      const topic = TOPICS[index % TOPICS.length];
      const duration = DURATIONS[index % DURATIONS.length];
      const endDaysAgo = daysAgo - duration;
      // A few were stopped early; the rest run until their end date.
      const cancelled = index % 9 === 4;
      const status = cancelled ? "CANCELLED" : endDaysAgo > 0 ? "STOPPED" : "RUNNING";
      const withPayer = index % 3 !== 0;
      const withBeneficiary = index % 4 === 1;
      const payer = PAYERS[country][index % PAYERS[country].length];
      const beneficiary = BENEFICIARIES[country][index % BENEFICIARIES[country].length];
      const [reachLow, reachHigh] = REACH[channel][index % REACH[channel].length];
      const [budgetLow, budgetHigh] = BUDGETS[index % BUDGETS.length];
      const year = day(today, daysAgo).slice(0, 4);
      return {
        id: `${countryCode(country)}-${year}-${String(101 + index).padStart(4, "0")}`,
        country,
        status,
        channel,
        sponsorName: sponsor.name,
        sponsorEmail: sponsor.email,
        sponsorAddress: sponsor.address,
        payerName: withPayer ? payer.name : undefined,
        payerEmail: withPayer ? payer.email : undefined,
        payerAddress: withPayer ? payer.address : undefined,
        ultimateBeneficiaryOwnerName: withBeneficiary ? beneficiary.name : undefined,
        ultimateBeneficiaryOwnerEmail: withBeneficiary ? beneficiary.email : undefined,
        ultimateBeneficiaryOwnerAddress: withBeneficiary ? beneficiary.address : undefined,
        publicationStartDate: day(today, daysAgo),
        // A cancelled campaign ended the day it was stopped, never later than today.
        publicationEndDate: cancelled ? day(today, Math.max(0, daysAgo - Math.ceil(duration / 2))) : day(today, endDaysAgo),
        reachLowerBound: reachLow,
        reachUpperBound: reachHigh,
        budgetLowerBound: budgetLow,
        budgetUpperBound: budgetHigh,
        fundingOriginType: FUNDING_ORIGINS[index % FUNDING_ORIGINS.length],
        fundingRegion: FUNDING_REGIONS[index % 5 === 3 ? 1 : 0],
        campaignContextType: contexts[index % contexts.length],
        campaignContextNoteNl: topic.nl,
        campaignContextNoteFr: country === "be" ? topic.fr : undefined,
        campaignContextUrl: index % 2 === 0 ? `https://${sponsor.email.split("@")[1]}/campagne/${101 + index}` : undefined,
        previousPublicationSuspended: index === 7,
        language: sponsor.language ?? "nl",
      };
    }),
  );
}
