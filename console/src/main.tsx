import { watchInstallOffer } from '@turnproof/config/install-offer';
import { clearStoredDataAfterSignOut } from './auth/clear-stored-data.ts';
import { rememberVisitorChoices } from './auth/remember-visitor-choices.ts';
import { deferConsoleStart, whenConsoleWanted } from './start-when-wanted.ts';
import './styles.css';

/**
 * index.html's script: small, so that starting the page costs a phone nothing (console-start-chunk.ts keeps
 * it out of the console's chunk). It starts the console (console-main.tsx) at once, or, on a phone's
 * server-rendered page whose controls work without it (start-when-wanted.ts), when the console is wanted.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

clearStoredDataAfterSignOut();
// A plan or template picked on the public site, kept before the console starts (it may start later).
rememberVisitorChoices();

// The browser fires its install event early: listened for from the start (the prompt shows 3 s later).
watchInstallOffer();

if (deferConsoleStart(container)) {
  // The web vitals reporter waits with the console (which reports them after its first render): its load and
  // first reports were tasks of 70-180 ms on the bench's slowed phone, in the seconds the host first reads and
  // taps. The figures wait in the browser's buffer; a visit that leaves before the console starts goes unreported.
  void whenConsoleWanted().then(() => import('./console-main.tsx'));
} else {
  void import('./console-main.tsx');
}
