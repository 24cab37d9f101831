// The post view's poll card: options as radios or checkboxes whose whole row is the label (44 px
// targets), 투표하기, then results as bars with counts and percentages a screen reader reads as
// text ("남산: 23표, 41%"), 투표 변경 where allowed, the named voters of an option, the author's early end.
import { useState, type FormEvent } from 'react';
import type { PollView } from '../../../common/api/polls';
import { formatDateTime } from '../../../common/format';
import { AuthorLink } from '../../ui/author-link';
import { confirm } from '../../ui/confirm';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useEndPoll, usePollVoters, useVotePoll } from './api/poll-calls';
import { koPolls as t } from './texts';
import './polls.css';

export interface PollCardProps {
  postKey: number;
  poll: PollView;
  /** A visitor: the card says to sign in instead of offering the vote. */
  signedIn: boolean;
  /** The poll as the server answered it after a vote or an end. */
  onChange: (poll: PollView) => void;
}

const percentOf = (votes: number, voters: number) => (voters > 0 ? Math.round((votes / voters) * 100) : 0);

function Voters({ postKey, option, text }: { postKey: number; option: number; text: string }) {
  const [open, setOpen] = useState(false);
  const voters = usePollVoters(postKey, option, open);
  const id = `poll-voters-${option}`;
  return (
    <div className="poll-voters">
      <LiteButton label={open ? t.hideVoters : t.showVoters(text)} text small aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} />
      {open && (
        <div id={id}>
          {voters.data &&
            (voters.data.items.length === 0 ? (
              <p className="field-hint">{t.noVoters}</p>
            ) : (
              <ul className="poll-voter-list">
                {voters.data.items.map((a, i) => (
                  <li key={`${a.userId}-${i}`}>
                    <AuthorLink author={a} />
                  </li>
                ))}
                {voters.data.total > voters.data.items.length && <li>{t.votersMore(voters.data.total - voters.data.items.length)}</li>}
              </ul>
            ))}
        </div>
      )}
    </div>
  );
}

export function PollCard({ postKey, poll, signedIn, onChange }: PollCardProps) {
  const [picked, setPicked] = useState<number[]>(poll.myChoices ?? []);
  const [changing, setChanging] = useState(false);
  const vote = useVotePoll();
  const end = useEndPoll();
  const voting = poll.canVote && (poll.myChoices === null || changing);
  const shown = poll.voters !== null;
  const name = `poll-${postKey}`;

  const toggle = (i: number, on: boolean) => {
    if (!poll.multiple) return setPicked([i]);
    setPicked((p) => (on ? [...p, i] : p.filter((x) => x !== i)));
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (picked.length === 0) return void toast.info(t.pickFirst);
    if (picked.length > poll.maxChoices) return void toast.info(t.tooMany(poll.maxChoices));
    vote.mutate(
      { postKey, options: picked },
      {
        onSuccess: ({ poll: next }) => {
          setChanging(false);
          setPicked(next.myChoices ?? []);
          onChange(next);
          toast.success(t.voted);
        },
      },
    );
  };
  const endNow = () =>
    confirm({
      message: t.endConfirm,
      accept: () => end.mutate(postKey, { onSuccess: ({ poll: next }) => (onChange(next), toast.success(t.endedDone)) }),
    });

  const status = [poll.ended ? t.ended : t.endsOn(formatDateTime(poll.endsAt).slice(0, 16)), poll.anonymous ? t.anonymousMark : t.namedMark];
  if (shown) status.push(t.voters(poll.voters!));

  return (
    <section className="poll-card" aria-labelledby={`${name}-q`}>
      <h2 id={`${name}-q`} className="poll-question">
        <span className="pi pi-chart-bar" aria-hidden="true" /> {poll.question}
      </h2>
      <p className="poll-status">{status.join(' · ')}</p>

      {voting ? (
        <form onSubmit={submit}>
          <fieldset className="poll-choices">
            <legend className="poll-hint">{poll.multiple ? t.pickUpTo(poll.maxChoices) : t.single}</legend>
            {poll.options.map((o, i) => {
              const on = picked.includes(i);
              return (
                <label key={i} className={`poll-choice${on ? ' poll-choice-on' : ''}`}>
                  <input type={poll.multiple ? 'checkbox' : 'radio'} name={name} value={i} checked={on} onChange={(ev) => toggle(i, ev.target.checked)} />
                  <span>{o.text}</span>
                </label>
              );
            })}
          </fieldset>
          <div className="poll-actions">
            <LiteButton type="submit" label={t.vote} icon="pi pi-check" loading={vote.isPending} />
            {changing && <LiteButton label={t.cancelChange} outlined onClick={() => (setChanging(false), setPicked(poll.myChoices ?? []))} />}
          </div>
        </form>
      ) : shown ? (
        <ul className="poll-results">
          {poll.options.map((o, i) => {
            const votes = o.votes ?? 0;
            const percent = percentOf(votes, poll.voters!);
            const mine = poll.myChoices?.includes(i) ?? false;
            return (
              <li key={i} className={mine ? 'poll-result-mine' : undefined}>
                <div className="poll-result" role="img" aria-label={t.result(o.text, votes, percent, mine)}>
                  <div className="poll-result-text" aria-hidden="true">
                    <span>
                      {o.text}
                      {mine && <span className="poll-mine"> · {t.mine}</span>}
                    </span>
                    <span>{t.count(votes, percent)}</span>
                  </div>
                  <div className="poll-bar" aria-hidden="true">
                    <div className="poll-bar-fill" style={{ width: `${percent}%` }} />
                  </div>
                </div>
                {poll.canSeeVoters && votes > 0 && <Voters postKey={postKey} option={i} text={o.text} />}
              </li>
            );
          })}
        </ul>
      ) : (
        <ul className="poll-plain">
          {poll.options.map((o, i) => (
            <li key={i} className={poll.myChoices?.includes(i) ? 'poll-result-mine' : undefined}>
              {o.text}
              {poll.myChoices?.includes(i) && <span className="poll-mine"> · {t.mine}</span>}
            </li>
          ))}
        </ul>
      )}

      {!voting && !shown && <p className="field-hint">{poll.results === 'ended' || poll.myChoices !== null ? t.hiddenUntilEnd : t.hiddenUntilVote}</p>}
      {!signedIn && !poll.ended && <p className="field-hint">{t.loginToVote}</p>}
      {(poll.canEnd || (!voting && poll.canVote)) && (
        <div className="poll-actions">
          {!voting && poll.canVote && <LiteButton label={t.change} icon="pi pi-refresh" outlined onClick={() => setChanging(true)} />}
          {poll.canEnd && <LiteButton label={t.end} icon="pi pi-stop-circle" outlined loading={end.isPending} onClick={endNow} />}
        </div>
      )}
    </section>
  );
}

