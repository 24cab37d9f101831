import { LetterBox } from './letter-box';

/** letterReceive (/letter/receive/{page?}): the inbox. */
export default function LetterReceivePage() {
  return <LetterBox box="receive" />;
}
