/**
 * The controls the privacy forms add to Field and TextareaField: groups with
 * a legend, checkboxes (with select-all), radios, a select with placeholder
 * and the reveal checkbox (the date and phone inputs of spec 5 are in
 * date-and-phone-inputs.tsx). Every one works as plain HTML; a
 * group's first control carries the group's id, so the error summary links
 * to it.
 */
import { useRef, type ReactNode, type SelectHTMLAttributes } from "react";

import { EMPTY_OPTION, PLACEHOLDER_OPTION } from "~/validation/rules";
import { SELECT_ALL_BEFORE_FIELD, SELECT_ALL_FIELD } from "~/validation/select-all";

import { describedBy, ErrorList, FieldShell, useTimingHandlers, type FieldMeta, type ValidationTiming } from "./forms";

type Option = { value: string; label: string };

const controlId = (meta: FieldMeta, index: number) => (index === 0 ? meta.id : `${meta.id}-${index}`);

/** A group of controls with its legend, hint and error (a fieldset). */
export function Fieldset(props: {
  meta?: FieldMeta;
  legend: ReactNode;
  hint?: string;
  /** The legend as the page's question (larger). */
  isPageHeading?: boolean;
  /**
   * Radios: the group is a radiogroup, which says itself that its answer is
   * invalid (a radio cannot carry aria-invalid; a group of checkboxes marks
   * each box).
   */
  radiogroup?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const invalid = Boolean(props.meta?.errors?.length);
  const hintId = props.meta ? `${props.meta.id}-hint` : undefined;
  return (
    <fieldset
      className={`app-fieldset${invalid ? " app-field--error" : ""}${props.className ? ` ${props.className}` : ""}`}
      role={props.radiogroup ? "radiogroup" : undefined}
      aria-invalid={props.radiogroup && invalid ? true : undefined}
      aria-describedby={props.meta ? describedBy(props.meta, props.hint) : undefined}
    >
      <legend className="app-fieldset__legend">{props.legend}</legend>
      {props.hint ? (
        <p id={hintId} className="app-field__hint">
          {props.hint}
        </p>
      ) : null}
      {props.meta ? <ErrorList id={props.meta.errorId} errors={props.meta.errors} /> : null}
      {props.children}
    </fieldset>
  );
}

/** The values a group starts with (Conform's initial value: one string or a list). */
function initialValues(meta: { initialValue?: unknown }): string[] {
  const value = meta.initialValue;
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" ? [value] : [];
}

type GroupMeta = FieldMeta & { initialValue?: unknown; key?: string };

/**
 * Checkboxes of one name. With `selectAll`, a first checkbox ticks or
 * unticks them all and shows as on when all are ticked (spec 4). Without
 * JavaScript the server reads it (`applySelectAll`).
 */
export function CheckboxGroup(props: {
  meta: GroupMeta;
  legend: ReactNode;
  hint?: string;
  options: Option[];
  selectAll?: { label: string };
  /** Options in as many columns as fit (a long list such as the brands). */
  columns?: boolean;
  /** Chosen values when the page has no result of its own (e.g. kept in the session). */
  defaultValues?: string[];
  onChange?: (value: string, checked: boolean) => void;
  children?: (option: Option, checkbox: ReactNode) => ReactNode;
}) {
  const fromForm = initialValues(props.meta);
  const chosen = new Set(fromForm.length ? fromForm : (props.defaultValues ?? []));
  const allChosen = props.options.length > 0 && props.options.every((option) => chosen.has(option.value));
  const groupRef = useRef<HTMLDivElement>(null);
  const invalid = Boolean(props.meta.errors?.length);
  const boxes = () => [
    ...(groupRef.current?.querySelectorAll<HTMLInputElement>(`input[name="${props.meta.name}"]`) ?? []),
  ];
  const selectAllBox = () => groupRef.current?.querySelector<HTMLInputElement>(`input[name="${SELECT_ALL_FIELD}"]`);
  const offset = props.selectAll ? 1 : 0;
  // A tap on "select all" that came before this code (the first
  // interaction starts loading it) ticked that box alone: when React takes
  // the box over, finish what it meant. Once: later changes have their handlers.
  const tookOver = useRef(false);
  const finishEarlyTap = (all: HTMLInputElement | null) => {
    if (!all || tookOver.current) return;
    tookOver.current = true;
    if (all.checked === allChosen) return;
    for (const box of all
      .closest(".app-checkboxes")
      ?.querySelectorAll<HTMLInputElement>(`input[name="${props.meta.name}"]`) ?? [])
      box.checked = all.checked;
  };

  return (
    <Fieldset meta={props.meta} legend={props.legend} hint={props.hint}>
      <div ref={groupRef} className="app-checkboxes" key={props.meta.key}>
        {props.selectAll ? (
          <div className="app-checkbox app-checkbox--select-all">
            <input type="hidden" name={SELECT_ALL_BEFORE_FIELD} value={allChosen ? "on" : ""} />
            <input
              type="checkbox"
              id={controlId(props.meta, 0)}
              name={SELECT_ALL_FIELD}
              ref={finishEarlyTap}
              className="app-field__checkbox"
              defaultChecked={allChosen}
              aria-invalid={invalid || undefined}
              onChange={(event) => {
                for (const box of boxes()) box.checked = event.currentTarget.checked;
              }}
            />
            <label htmlFor={controlId(props.meta, 0)}>{props.selectAll.label}</label>
          </div>
        ) : null}
        <div className={`app-checkboxes__options${props.columns ? " app-checkboxes__options--columns" : ""}`}>
          {props.options.map((option, index) => {
            const checkbox = (
              <div className="app-checkbox" key={option.value}>
                <input
                  type="checkbox"
                  id={controlId(props.meta, index + offset)}
                  name={props.meta.name}
                  value={option.value}
                  className="app-field__checkbox"
                  defaultChecked={chosen.has(option.value)}
                  aria-invalid={invalid || undefined}
                  onChange={(event) => {
                    const all = selectAllBox();
                    if (all) all.checked = boxes().every((box) => box.checked);
                    props.onChange?.(option.value, event.currentTarget.checked);
                  }}
                />
                <label htmlFor={controlId(props.meta, index + offset)}>{option.label}</label>
              </div>
            );
            return props.children ? <div key={option.value}>{props.children(option, checkbox)}</div> : checkbox;
          })}
        </div>
      </div>
    </Fieldset>
  );
}

/** Radios of one name (e.g. the salutation). */
export function Radios(props: { meta: GroupMeta; legend: ReactNode; options: Option[]; inline?: boolean }) {
  const chosen = initialValues(props.meta)[0];
  return (
    <Fieldset meta={props.meta} legend={props.legend} radiogroup>
      <div className={`app-radios${props.inline ? " app-radios--inline" : ""}`} key={props.meta.key}>
        {props.options.map((option, index) => (
          <div className="app-radio" key={option.value}>
            <input
              type="radio"
              id={controlId(props.meta, index)}
              name={props.meta.name}
              value={option.value}
              className="app-field__radio"
              defaultChecked={chosen === option.value}
            />
            <label htmlFor={controlId(props.meta, index)}>{option.label}</label>
          </div>
        ))}
      </div>
    </Fieldset>
  );
}

/**
 * A select whose first entry is a placeholder ("Kies een merk") and, when
 * the choice is optional, an empty option; both count as no choice (spec 5:
 * 'placeholder' and 'empty_val').
 */
export function Select(props: {
  meta: GroupMeta;
  label: string;
  hint?: string;
  placeholder: string;
  emptyOption?: string;
  options: Option[];
  timing?: ValidationTiming;
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>;
}) {
  const chosen = initialValues(props.meta)[0] ?? PLACEHOLDER_OPTION;
  const handlers = useTimingHandlers<HTMLSelectElement>(props.meta.name, props.timing, {});
  return (
    <FieldShell meta={props.meta} label={props.label} hint={props.hint}>
      <select
        key={props.meta.key}
        {...props.selectProps}
        onChange={handlers.onInput}
        onBlur={handlers.onBlur}
        id={props.meta.id}
        name={props.meta.name}
        className="app-field__input app-field__select"
        defaultValue={chosen}
        aria-invalid={props.meta.errors?.length ? true : undefined}
        aria-describedby={describedBy(props.meta, props.hint)}
      >
        <option value={PLACEHOLDER_OPTION}>{props.placeholder}</option>
        {props.emptyOption ? <option value={EMPTY_OPTION}>{props.emptyOption}</option> : null}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A checkbox that reveals the block after it when ticked (spec 4: the
 * user-info toggle, the communication blocks). CSS `:has()` does it, so it
 * works without JavaScript; `onToggle` lets a script reset what was typed.
 */
export function RevealCheckbox(props: {
  id: string;
  name: string;
  value?: string;
  label: ReactNode;
  defaultChecked: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Shown under the label (give it the id that `describedBy` names). */
  hint?: ReactNode;
  onToggle?: (checked: boolean, block: HTMLElement) => void;
  className?: string;
  children: ReactNode;
}) {
  const blockRef = useRef<HTMLDivElement>(null);
  return (
    <div className={`app-reveal${props.className ? ` ${props.className}` : ""}`}>
      <div className="app-checkbox app-reveal__control">
        <input
          type="checkbox"
          id={props.id}
          name={props.name}
          value={props.value ?? "on"}
          className="app-field__checkbox"
          defaultChecked={props.defaultChecked}
          aria-controls={`${props.id}-block`}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          onChange={(event) => {
            if (blockRef.current) props.onToggle?.(event.currentTarget.checked, blockRef.current);
          }}
        />
        <label htmlFor={props.id}>{props.label}</label>
        {props.hint}
      </div>
      <div ref={blockRef} id={`${props.id}-block`} className="app-reveal__block">
        {props.children}
      </div>
    </div>
  );
}
