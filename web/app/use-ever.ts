import { useState } from 'react';

/** True from the first time `value` is true: lazy parts mount when first needed and then stay. */
export function useEver(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}
