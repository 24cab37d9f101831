// The write form's poll: "투표 추가" opens it; question, options (added, removed and moved with
// buttons, so keyboard and touch alike), single or multiple choice, the end in Korean time, when
// results show, anonymous, changeable. Options are fixed once anyone voted (the server says so too).
import { useRef } from 'react';
import type { PollInput, PollView } from '../../../common/api/polls';
import { POLL_OPTION_MAX_CHARS, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX_CHARS } from '../../../common/api/polls';
import { formatInputDateTime, siteTime } from '../../../common/format';
import { LiteButton } from '../../ui/lite-button';
import { koPolls as t } from './texts';
import './polls.css';

/** The editor's state: what PollInput takes, with the end as the datetime-local field's text (Korean time). */
export interface PollDraft {
  question: string;
  options: string[];
  multiple: boolean;
  maxChoices: number | null;
  endsAt: string;
  results: 'voted' | 'ended';
  anonymous: boolean;
  changeable: boolean;
}

const HOUR = 3_600_000;
const newDraft = (): PollDraft => ({
  question: '',
  options: ['', ''],
  multiple: false,
  maxChoices: null,
  // Three days ahead, on the hour.
  endsAt: formatInputDateTime(Math.ceil((Date.now() + 72 * HOUR) / HOUR) * HOUR),
  results: 'voted',
  anonymous: true,
  changeable: false,
});

/** The draft of a post's existing poll (editing), or none. */
export function pollDraftOf(poll: PollView | null | undefined): PollDraft | null {
  if (!poll) return null;
  return {
    question: poll.question,
    options: poll.options.map((o) => o.text),
    multiple: poll.multiple,
    maxChoices: poll.multiple ? poll.maxChoices : null,
    endsAt: formatInputDateTime(poll.endsAt),
    results: poll.results,
    anonymous: poll.anonymous,
    changeable: poll.changeable,
  };
}

/** What the save sends. The end is read as Korean time, whatever zone the browser is in. */
export function pollInputOf(d: PollDraft): PollInput {
  const end = siteTime(d.endsAt);
  return {
    question: d.question,
    options: d.options,
    multiple: d.multiple,
    maxChoices: d.multiple ? d.maxChoices : null,
    endsAt: Number.isNaN(end.getTime()) ? '' : end.toISOString(),
    results: d.results,
    anonymous: d.anonymous,
    changeable: d.changeable,
  };
}

export interface PollEditorProps {
  value: PollDraft | null;
  onChange: (next: PollDraft | null) => void;
  /** Someone voted: options, choice and anonymity stay as they are. */
  locked: boolean;
  /** The first problem the save found in the poll. */
  error?: string | undefined;
}

export function PollEditor({ value, onChange, locked, error }: PollEditorProps) {
  const list = useRef<HTMLOListElement>(null);
  if (!value) {
    return (
      <div className="poll-add">
        <LiteButton label={t.add} icon="pi pi-chart-bar" outlined onClick={() => onChange(newDraft())} />
      </div>
    );
  }
  const set = (patch: Partial<PollDraft>) => onChange({ ...value, ...patch });
  const setOption = (i: number, text: string) => set({ options: value.options.map((o, j) => (j === i ? text : o)) });
  // After a move or removal the focus stays with the option (or on its neighbour), so a keyboard user keeps their place.
  const focusOption = (i: number, part: 'input' | 'up' | 'down' = 'input') =>
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>(`[data-part="${part}"]`)[i]?.focus());
  const move = (i: number, by: -1 | 1) => {
    const to = i + by;
    const options = [...value.options];
    [options[i], options[to]] = [options[to]!, options[i]!];
    set({ options });
    focusOption(to, by < 0 && to > 0 ? 'up' : by > 0 && to < options.length - 1 ? 'down' : 'input');
  };
  const remove = (i: number) => {
    set({ options: value.options.filter((_, j) => j !== i) });
    focusOption(Math.max(0, i - 1));
  };
  const add = () => {
    set({ options: [...value.options, ''] });
    focusOption(value.options.length);
  };
  const n = value.options.length;

  return (
    <fieldset className="poll-editor" aria-describedby={error ? 'poll-error' : undefined}>
      <legend>{t.editorTitle}</legend>
      {locked && <p className="field-hint poll-locked">{t.locked}</p>}
      <div className="field">
        <label htmlFor="poll-question">{t.question}</label>
        <input
          id="poll-question"
          className="p-inputtext p-component"
          value={value.question}
          maxLength={POLL_QUESTION_MAX_CHARS}
          autoComplete="off"
          onChange={(ev) => set({ question: ev.target.value })}
        />
      </div>
      <div className="field">
        <span className="field-label" id="poll-options-label">
          {t.options}
        </span>
        <p className="field-hint" id="poll-options-hint">
          {t.optionsHint}
        </p>
        <ol className="poll-option-inputs" ref={list} aria-labelledby="poll-options-label" aria-describedby="poll-options-hint">
          {value.options.map((o, i) => (
            // Options have no identity but their place: the index is the key, as the server sees them.
            <li key={i}>
              <input
                data-part="input"
                className="p-inputtext p-component"
                aria-label={t.option(i + 1)}
                value={o}
                maxLength={POLL_OPTION_MAX_CHARS}
                disabled={locked}
                autoComplete="off"
                onChange={(ev) => setOption(i, ev.target.value)}
              />
              <button type="button" data-part="up" className="p-button p-component p-button-text poll-icon-button" aria-label={t.up(i + 1)} disabled={locked || i === 0} onClick={() => move(i, -1)}>
                <span className="pi pi-arrow-up" aria-hidden="true" />
              </button>
              <button type="button" data-part="down" className="p-button p-component p-button-text poll-icon-button" aria-label={t.down(i + 1)} disabled={locked || i === n - 1} onClick={() => move(i, 1)}>
                <span className="pi pi-arrow-down" aria-hidden="true" />
              </button>
              <button
                type="button"
                className="p-button p-component p-button-text p-button-danger poll-icon-button"
                aria-label={t.removeOption(i + 1)}
                disabled={locked || n <= POLL_OPTIONS_MIN}
                onClick={() => remove(i)}
              >
                <span className="pi pi-times" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ol>
        {!locked && n < POLL_OPTIONS_MAX && <LiteButton label={t.addOption} icon="pi pi-plus" text onClick={add} />}
      </div>
      <div className="poll-settings">
        <div className="field-check">
          <input id="poll-multiple" type="checkbox" checked={value.multiple} disabled={locked} onChange={(ev) => set({ multiple: ev.target.checked })} />
          <label htmlFor="poll-multiple">{t.multiple}</label>
        </div>
        {value.multiple && (
          <div className="field poll-max">
            <label htmlFor="poll-max">{t.maxChoices}</label>
            <select
              id="poll-max"
              className="p-inputtext p-component"
              value={value.maxChoices ?? n}
              disabled={locked}
              onChange={(ev) => set({ maxChoices: Number(ev.target.value) })}
            >
              {Array.from({ length: Math.max(n - 1, 1) }, (_, k) => k + 2).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="poll-ends">{t.endsAt}</label>
          <input id="poll-ends" type="datetime-local" className="p-inputtext p-component" value={value.endsAt} onChange={(ev) => set({ endsAt: ev.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="poll-results">{t.results}</label>
          <select id="poll-results" className="p-inputtext p-component" value={value.results} onChange={(ev) => set({ results: ev.target.value === 'ended' ? 'ended' : 'voted' })}>
            <option value="voted">{t.resultsVoted}</option>
            <option value="ended">{t.resultsEnded}</option>
          </select>
        </div>
        <div className="field-check">
          <input id="poll-anonymous" type="checkbox" checked={value.anonymous} disabled={locked} onChange={(ev) => set({ anonymous: ev.target.checked })} />
          <label htmlFor="poll-anonymous">{t.anonymous}</label>
        </div>
        <div className="field-check">
          <input id="poll-changeable" type="checkbox" checked={value.changeable} onChange={(ev) => set({ changeable: ev.target.checked })} />
          <label htmlFor="poll-changeable">{t.changeable}</label>
        </div>
      </div>
      {error && (
        <p id="poll-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      <LiteButton label={t.remove} icon="pi pi-trash" outlined className="p-button-danger poll-remove" onClick={() => onChange(null)} />
    </fieldset>
  );
}
