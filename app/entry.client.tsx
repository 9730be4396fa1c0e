import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { loadTexts } from "./i18n/texts-store";

/**
 * React Router's own start, once the page's texts are here (the
 * document names them, app/i18n/texts-store.ts; the module that starts
 * hydration has already asked for them, app/utils/hydrate-after-paint.server.ts).
 * If they cannot be fetched the page stays as the server sent it, which
 * works without JavaScript.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

const texts = document.documentElement.dataset.texts;
if (texts) loadTexts(texts).then(hydrate, (error: unknown) => console.error(error));
else hydrate();
