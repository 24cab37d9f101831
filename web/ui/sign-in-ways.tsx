// The other ways to sign in (web/shared/sign-in-ways.ts) under a login form's id and password;
// each loads its code when first drawn and shows nothing until then.
import { Suspense } from 'react';
import { signInWays, type SignInWayProps } from '../shared/sign-in-ways';

export function SignInWays(props: SignInWayProps) {
  const ways = signInWays();
  if (ways.length === 0) return null;
  return (
    <div className="sign-in-ways">
      {ways.map(({ key, Component }) => (
        <Suspense key={key} fallback={null}>
          <Component {...props} />
        </Suspense>
      ))}
    </div>
  );
}
