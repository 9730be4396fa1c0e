import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";

import { useTranslation } from "~/i18n/use-translation";

/**
 * A file field that names every chosen file in full under the browser's own
 * control. The control shows one name cut to fit its box ("N…" on a phone
 * with text at 200 %), or only a count when several are chosen; the list
 * wraps each name, however long, so the person can check what they send.
 * Without JavaScript the browser's control is what there is; with it, the
 * list follows each choice, a form's reset and a choice made before the
 * page's scripts ran.
 */
export function FileInput({ id, ...props }: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const read = () => setNames(Array.from(field.files ?? [], (file) => file.name));
    // A reset empties the field after its listeners have run: read it once the reset is done.
    const afterReset = () => setTimeout(read);
    read();
    field.addEventListener("change", read);
    field.form?.addEventListener("reset", afterReset);
    return () => {
      field.removeEventListener("change", read);
      field.form?.removeEventListener("reset", afterReset);
    };
  }, []);
  return (
    <>
      <input ref={input} className="app-field__file" id={id} type="file" {...props} />
      {names.length > 0 ? (
        <div className="app-field__chosen" id={`${id}-chosen`}>
          <p className="app-field__chosen-title">{t("form.chosenFiles", { count: names.length })}</p>
          <ul>
            {names.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
