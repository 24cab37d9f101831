import { useMutation } from '@tanstack/react-query';
import type { SandboxCompleteForm, SandboxCompleteResult } from '../../../../common/api/identity';
import { callAwait } from '../../../api/call';

/** /api/identity/sandbox/complete: the simulated provider signs the tester's answer. */
export const postSandboxComplete = (form: SandboxCompleteForm) =>
  callAwait<SandboxCompleteResult>('/api/identity/sandbox/complete', { data: form });

export const useSandboxComplete = () => useMutation({ mutationFn: postSandboxComplete });
