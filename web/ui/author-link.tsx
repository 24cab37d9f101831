// A post's or comment's author: the nickname with the level star, linking to their space.
// A withdrawn member (no userId) shows the nickname alone.
import { Link } from 'react-router';
import { LevelStar } from './level-star';
import { spacePath } from '../shared/paths';
import './author-link.css';

export interface AuthorInfo {
  userId: string;
  nickName: string;
  levelKey: number | null;
}

export function AuthorLink({ author, className = '' }: { author: AuthorInfo; className?: string }) {
  const classes = `author ${className}`.trim();
  if (!author.userId) return <span className={classes}>{author.nickName}</span>;
  return (
    <Link to={spacePath(author.userId)} className={classes}>
      <span className="author-nick">{author.nickName}</span>
      <LevelStar levelKey={author.levelKey} />
    </Link>
  );
}
