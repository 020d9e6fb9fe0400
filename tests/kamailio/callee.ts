/**
 * The other end of a test call: a plain JsSIP user agent running in its own Chromium page,
 * registered at the test Kamailio, that answers, rejects or just rings; in 'demo' mode (the demo
 * line of `npm start`, tests/kamailio/demo-phone.ts) it rings 2 s, answers with a tone and hangs
 * up after 30 s. Bundled for the browser
 * by calleeScript() (tests/kamailio/browser-bundle.ts) and driven through window.garageCallee.
 */
import * as JsSIPModule from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession';

type Mode = 'answer' | 'reject' | 'ring' | 'demo';

interface CalleeState {
  registered: boolean;
  events: string[];
  /** Audio packets received from the caller during the last answered call. */
  packetsReceived: number;
}

const JsSIP = ((JsSIPModule as unknown as { default?: typeof JsSIPModule }).default ?? JsSIPModule) as typeof JsSIPModule;
const state: CalleeState = { registered: false, events: [], packetsReceived: 0 };

const DEMO_RING_MS = 2000;
const DEMO_TALK_MS = 30_000;

/** What the demo callee "says": a 440 Hz beep, half a second each second, made with WebAudio. */
function toneStream(): MediaStream {
  const audio = new AudioContext();
  const tone = audio.createOscillator();
  tone.frequency.value = 440;
  const pulse = audio.createGain();
  const now = audio.currentTime;
  for (let second = 0; second < DEMO_TALK_MS / 1000 + 5; second += 1) {
    pulse.gain.setValueAtTime(0.3, now + second);
    pulse.gain.setValueAtTime(0, now + second + 0.5);
  }
  const out = audio.createMediaStreamDestination();
  tone.connect(pulse).connect(out);
  tone.start();
  return out.stream;
}

function start(options: { url: string; user: string; realm: string; ha1: string; mode: Mode }): Promise<void> {
  const ua = new JsSIP.UA({
    sockets: [new JsSIP.WebSocketInterface(options.url)],
    uri: `sip:${options.user}@${options.realm}`,
    authorization_user: options.user,
    ha1: options.ha1,
    realm: options.realm,
    register: true,
  });
  ua.on('newRTCSession', ({ session, originator }: { session: RTCSession; originator: string }) => {
    if (originator !== 'remote') return;
    state.events.push('incoming');
    session.on('ended', () => state.events.push('ended'));
    session.on('failed', (event: { cause: string }) => state.events.push(`failed:${event.cause}`));
    session.on('confirmed', () => {
      state.events.push('confirmed');
      const poll = setInterval(async () => {
        if (session.isEnded()) return clearInterval(poll);
        const stats = await session.connection.getStats();
        stats.forEach((report: { type: string; kind?: string; packetsReceived?: number }) => {
          if (report.type === 'inbound-rtp' && report.kind === 'audio') state.packetsReceived = report.packetsReceived ?? 0;
        });
      }, 250);
    });
    if (options.mode === 'reject') {
      session.terminate({ status_code: 603, reason_phrase: 'Decline' });
    } else if (options.mode === 'demo') {
      setTimeout(() => {
        if (session.isEnded()) return;
        session.answer({ mediaStream: toneStream() });
        const hangUp = setTimeout(() => {
          if (!session.isEnded()) session.terminate();
        }, DEMO_TALK_MS);
        session.on('ended', () => clearTimeout(hangUp));
      }, DEMO_RING_MS);
    } else if (options.mode === 'answer') {
      // Ring a moment first so the caller's "ringing" state is visible.
      setTimeout(() => {
        if (!session.isEnded()) session.answer({ mediaConstraints: { audio: true, video: false } });
      }, 600);
    }
  });
  (window as unknown as { garageCalleeUa: unknown }).garageCalleeUa = ua;
  return new Promise((resolve, reject) => {
    ua.on('registered', () => {
      state.registered = true;
      resolve();
    });
    ua.on('registrationFailed', (event: { cause?: string }) => reject(new Error(`callee registration failed: ${event.cause}`)));
    ua.start();
  });
}

(window as unknown as { garageCallee: unknown }).garageCallee = { start, state };
