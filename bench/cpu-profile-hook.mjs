// Preloaded by bench/profile-boards.ts (`node --import ./bench/cpu-profile-hook.mjs`): the first
// SIGWINCH (a signal the server does not stop on, unlike SIGUSR2) starts the V8 CPU profiler, the second writes the profile to CPU_PROFILE_OUT, so a
// profile covers the measured load only (not start-up, compilation or warm-up).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
let running = false;
process.on('SIGWINCH', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')));
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, result) => {
    if (!err) writeFileSync(process.env.CPU_PROFILE_OUT ?? 'server.cpuprofile', JSON.stringify(result.profile));
  });
});
