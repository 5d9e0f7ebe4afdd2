// A new job's signal on the phone: a vibration and a short beep, where the
// browser allows them. Browsers let a page make sound (and vibrate, in
// Chromium) only after the person has touched it; the driver always has by the
// time a job comes, having signed in or tapped Start Shift.

type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const scope = window as unknown as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

/**
 * Opens (or resumes) the page's audio from inside a touch or key press, the
 * only moment a browser allows it; later beeps then play without one.
 */
export function unlockAlertSound(): void {
  const AudioContextClass = audioContextClass();
  if (!AudioContextClass) return;
  try {
    context ??= new AudioContextClass();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  } catch {
    // No audio on this device: the alert stays visual.
  }
}

/** Two short beeps, if the audio was unlocked; silently nothing otherwise. */
export function playAlertSound(): boolean {
  if (!context || context.state !== 'running') return false;
  const start = context.currentTime;
  for (const offset of [0, 0.3]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    // A quick fade in and out, so the beep does not click.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.22);
  }
  return true;
}

/** Buzzes the phone where the browser allows it (after the page was touched). */
export function vibrateForAlert(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return false;
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation;
  if (activation && !activation.hasBeenActive) return false;
  return navigator.vibrate([200, 100, 200]);
}

/** Forgets the audio (tests). */
export function resetAlertSound(): void {
  void context?.close().catch(() => undefined);
  context = null;
}
