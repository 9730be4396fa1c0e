/**
 * How to switch off push notifications (spec 2 "Push-notification instructions").
 * One list of numbered steps per situation; each step is one sentence.
 */
import type { PushNotificationSteps } from "./types";

export const pushNotificationSteps: Record<"nl_nl" | "nl_be" | "fr_be", PushNotificationSteps> = {
  nl_nl: {
    websiteChrome: [
      "Open in Chrome de website waarvan je geen pushmeldingen meer wilt krijgen.",
      "Klik in de adresbalk, links van het webadres, op het pictogram met het slotje of de schuifjes.",
      "Kies ‘Site-instellingen’ om de rechten van deze website te openen.",
      "Zet de keuze bij ‘Meldingen’ op ‘Blokkeren’.",
      "Wil je de meldingen van al je websites in één keer bekijken, ga dan naar chrome://settings/content/notifications en blokkeer of verwijder daar de websites die je niet meer wilt.",
    ],
    websiteSafari: [
      "Open Safari op je Mac.",
      "Kies in de menubalk Safari > Instellingen (in oudere versies van macOS heet dit Voorkeuren).",
      "Klik bovenin op het tabblad ‘Websites’ en kies in de linkerkolom ‘Meldingen’.",
      "Zoek onze website in de lijst en zet het keuzemenu ernaast op ‘Weiger’.",
      "Wil je voortaan ook geen verzoeken om meldingen meer zien, zet dan het vinkje onderaan het venster uit.",
    ],
    app: [
      "Open op je telefoon of tablet de app Instellingen.",
      "Tik op een iPhone of iPad op ‘Berichtgeving’, of tik op Android op ‘Meldingen’ en daarna op ‘App-meldingen’ (de naam kan per merk telefoon iets verschillen).",
      "Zoek de app van ons merk in de lijst en tik erop.",
      "Zet op een iPhone of iPad de schakelaar ‘Sta berichtgeving toe’ uit, of zet op Android de schakelaar voor de meldingen van de app uit.",
      "Wil je later toch weer meldingen ontvangen, dan zet je de schakelaar op dezelfde plek weer aan.",
    ],
    appExtraNl: [
      "Open de app en tik op het menu (het pictogram met de drie streepjes).",
      "Ga naar ‘Instellingen’ en tik op ‘Meldingen’.",
      "Zet de onderwerpen aan waarover je een melding wilt krijgen, zoals breaking nieuws, je regio of sport, en zet de rest uit.",
      "Wil je helemaal geen meldingen meer van deze app, zet dan alle onderwerpen uit.",
      "Je keuze wordt meteen bewaard en geldt voor het apparaat waarop je de instelling wijzigt.",
    ],
  },
  nl_be: {
    websiteChrome: [
      "Surf in Google Chrome naar de website waarvan je geen meldingen meer wilt ontvangen.",
      "Klik in de adresbalk, links van het webadres, op het slotje of op het icoon met de schuifjes.",
      "Open ‘Site-instellingen’.",
      "Kies naast ‘Meldingen’ voor ‘Blokkeren’.",
      "Je kunt ook chrome://settings/content/notifications in de adresbalk intikken om de meldingen van alle websites in één overzicht te beheren en uit te schakelen.",
    ],
    websiteSafari: [
      "Start Safari op je Mac.",
      "Ga in de menubalk naar Safari > Instellingen (bij oudere versies van macOS: Voorkeuren).",
      "Open het tabblad ‘Websites’ en selecteer links ‘Meldingen’.",
      "Zet de instelling naast onze website op ‘Weiger’.",
    ],
    app: [
      "Open de instellingen van je smartphone of tablet.",
      "Tik op een iPhone of iPad op ‘Berichtgeving’, of op een Android-toestel op ‘Meldingen’ en vervolgens op ‘App-meldingen’.",
      "Selecteer de app van ons merk in de lijst.",
      "Schakel op een iPhone of iPad ‘Sta berichtgeving toe’ uit, of schakel op Android de meldingen van de app uit met de schakelaar.",
    ],
    appExtraNl: [
      "Open de app en tik op het menu-icoon met de drie streepjes.",
      "Kies ‘Instellingen’ en daarna ‘Meldingen’.",
      "Duid de onderwerpen aan waarover je meldingen wilt ontvangen en schakel de andere uit.",
      "Wil je geen enkele melding meer krijgen, schakel dan alle onderwerpen uit.",
    ],
  },
  fr_be: {
    websiteChrome: [
      "Ouvrez dans Chrome le site dont vous ne souhaitez plus recevoir de notifications.",
      "Dans la barre d'adresse, cliquez sur l'icône du cadenas ou des curseurs, à gauche de l'adresse du site.",
      "Sélectionnez « Paramètres des sites ».",
      "À la ligne « Notifications », choisissez « Bloquer ».",
      "Vous pouvez aussi saisir chrome://settings/content/notifications dans la barre d'adresse pour gérer en une fois les notifications de tous les sites.",
    ],
    websiteSafari: [
      "Ouvrez Safari sur votre Mac.",
      "Dans la barre des menus, choisissez Safari > Réglages (Préférences dans les versions plus anciennes de macOS).",
      "Cliquez sur l'onglet « Sites web », puis sur « Notifications » dans la colonne de gauche.",
      "Repérez notre site dans la liste et choisissez « Refuser » dans le menu situé à côté.",
    ],
    app: [
      "Ouvrez l'app Réglages de votre iPhone ou iPad, ou l'application Paramètres de votre appareil Android.",
      "Touchez « Notifications » puis, sur Android, « Notifications des applications » (le libellé peut varier selon le fabricant).",
      "Sélectionnez l'application de notre marque dans la liste.",
      "Désactivez « Autoriser les notifications » sur iPhone ou iPad, ou l'interrupteur des notifications de l'application sur Android.",
      "Si vous souhaitez à nouveau recevoir des notifications plus tard, réactivez simplement le même interrupteur.",
    ],
    appExtraNl: [
      "Ouvrez l'application et touchez le menu (l'icône à trois traits).",
      "Allez dans « Paramètres », puis dans « Notifications ».",
      "Activez les sujets pour lesquels vous souhaitez recevoir une notification et désactivez les autres.",
      "Pour ne plus recevoir aucune notification de l'application, désactivez tous les sujets.",
    ],
  },
};
