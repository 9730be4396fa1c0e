/**
 * Customer-service lines of our brands (spec 3 "Phone directory entry").
 * Brand names match brands.ts; all numbers are invented.
 */
import type { PhoneDirectoryEntry } from "./types";

export const phoneDirectoryNl: PhoneDirectoryEntry[] = [
  { brandName: "Ademruimte", phoneNumber: "088 330 37 10", brandType: "lifestyle" },
  { brandName: "De Dagwijzer", phoneNumber: "088 330 34 10", brandType: "news" },
  { brandName: "De Essenbode", phoneNumber: "088 330 34 15", brandType: "news" },
  { brandName: "De Handelsklok", phoneNumber: "088 330 34 20", brandType: "news" },
  { brandName: "De Noorderbode", phoneNumber: "050 555 21 40", brandType: "news" },
  { brandName: "De Utrechtse Vaart", phoneNumber: "088 330 34 25", brandType: "news" },
  { brandName: "Fietsvrij", phoneNumber: "088 330 37 20", brandType: "lifestyle" },
  { brandName: "Flevo Horizon", phoneNumber: "088 330 34 30", brandType: "news" },
  { brandName: "Friese Wadkrant", phoneNumber: "088 330 34 35", brandType: "news" },
  { brandName: "Haagse Hofbode", phoneNumber: "070 555 38 12", brandType: "news" },
  { brandName: "Het Nationaal Kompas", phoneNumber: "088 330 34 00", brandType: "news" },
  { brandName: "Huizenhoek", phoneNumber: "088 330 35 10", brandType: "online-only" },
  { brandName: "Kilometerteller", phoneNumber: "088 330 35 20", brandType: "online-only" },
  { brandName: "Kruiswoordkamer", phoneNumber: "0900 555 43 21", brandType: "lifestyle" },
  { brandName: "Lentelicht", phoneNumber: "088 330 37 30", brandType: "lifestyle" },
  { brandName: "Lief & Luier", phoneNumber: "088 330 37 40", brandType: "lifestyle" },
  { brandName: "Limburgse Mergelbode", phoneNumber: "088 330 34 45", brandType: "news" },
  { brandName: "Polderpop FM", phoneNumber: "088 330 36 10", brandType: "radio" },
  { brandName: "Puzzelpier", phoneNumber: "088 330 35 30", brandType: "online-only" },
  { brandName: "Radio Cantabile", phoneNumber: "020 555 61 70", brandType: "radio" },
  { brandName: "Radio Golfslag", phoneNumber: "088 330 36 20", brandType: "radio" },
  { brandName: "Rotterdams Havenlicht", phoneNumber: "010 555 47 80", brandType: "news" },
  { brandName: "Schijnwerper Weekblad", phoneNumber: "088 330 37 50", brandType: "lifestyle" },
  { brandName: "Snelschets", phoneNumber: "088 330 35 40", brandType: "online-only" },
  { brandName: "Stadsfrequentie", phoneNumber: "088 330 36 30", brandType: "radio" },
  { brandName: "Tafelgoed", phoneNumber: "088 330 37 60", brandType: "lifestyle" },
  { brandName: "Voordeelvink", phoneNumber: "0900 555 12 34", brandType: "online-only" },
  { brandName: "Wooncanvas", phoneNumber: "088 330 37 70", brandType: "lifestyle" },
  { brandName: "Zeeuwse Getijdenkrant", phoneNumber: "088 330 34 55", brandType: "news" },
];

export const phoneDirectoryBe: PhoneDirectoryEntry[] = [
  { brandName: "Arduenne TV", phoneNumber: "04 220 18 30", brandType: "tv" },
  { brandName: "Belle Saison", phoneNumber: "02 310 62 70", brandType: "lifestyle" },
  { brandName: "Het Leiebericht", phoneNumber: "09 225 71 60", brandType: "news" },
  { brandName: "Het Ochtendblad", phoneNumber: "03 210 45 30", brandType: "news" },
  { brandName: "Le Guetteur Mosan", phoneNumber: "04 220 18 50", brandType: "news" },
  { brandName: "Onde Claire", phoneNumber: "02 310 62 40", brandType: "radio" },
  { brandName: "Radio Beiaard", phoneNumber: "03 210 45 20", brandType: "radio" },
  { brandName: "Schermwijzer", phoneNumber: "03 210 45 50", brandType: "lifestyle" },
  { brandName: "Vizier", phoneNumber: "03 210 45 10", brandType: "tv" },
  { brandName: "Vlinderslag", phoneNumber: "03 210 45 40", brandType: "lifestyle" },
  { brandName: "Zapzolder", phoneNumber: "078 15 26 37", brandType: "online-only" },
  { brandName: "Zoekertjeshoek", phoneNumber: "078 15 48 59", brandType: "online-only" },
];
