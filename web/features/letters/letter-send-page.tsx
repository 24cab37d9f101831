import { LetterBox } from './letter-box';

/** letterSend (/letter/send/{page?}): the sent box. */
export default function LetterSendPage() {
  return <LetterBox box="send" />;
}
