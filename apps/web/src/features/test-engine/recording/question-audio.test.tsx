import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import { QuestionAudio } from './question-audio.tsx';
import './recording-texts.ts';

/** The server's questionAudioPlay: plays counted there, a signed URL per play, the 4th a 409. */
function server(opts: { down?: boolean } = {}) {
  let plays = 0;
  const calls = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      calls();
      if (opts.down) throw new TypeError('Failed to fetch');
      plays = Math.min(plays + 1, 4);
      if (plays > 3)
        return new Response(
          JSON.stringify({ statusCode: 409, message: 'Limit reached: Play audio up to 3 times only.', plays: 4 }),
          { status: 409 },
        );
      return new Response(
        JSON.stringify({ plays, playsLeft: 3 - plays, url: `/api/media/signed/q.mp3?sig=${plays}`, expiresAt: '' }),
      );
    }),
  );
  return calls;
}

function Question({ start = 0 }: { start?: number }) {
  const [count, setCount] = useState(start);
  return <QuestionAudio examId={7} qid={3} count={count} onCount={setCount} />;
}

describe('question audio', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has no audio address until the server counts a play, then plays its signed URL', async () => {
    const calls = server();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    render(<Question />);
    expect(screen.queryByTestId('question-audio')).toBeNull();
    expect(screen.getByTestId('plays-left').textContent).toBe('Plays left: 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play question audio' }));
    const audio = (await screen.findByTestId('question-audio')) as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe('/api/media/signed/q.mp3?sig=1');
    expect(screen.getByTestId('plays-left').textContent).toBe('Plays left: 2 of 3');
    expect(calls).toHaveBeenCalledTimes(1);
    // The play ends: the next play is asked for again.
    fireEvent.ended(audio);
    fireEvent.click(await screen.findByRole('button', { name: 'Play question audio' }));
    expect(((await screen.findByTestId('question-audio')) as HTMLAudioElement).getAttribute('src')).toContain('sig=2');
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('after three plays the server refuses the 4th: the player is hidden with the spec\u2019s text', async () => {
    server();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    render(<Question />);
    for (let i = 0; i < 3; i++) {
      fireEvent.click(await screen.findByRole('button', { name: 'Play question audio' }));
      fireEvent.ended(await screen.findByTestId('question-audio'));
    }
    expect(screen.getByTestId('plays-left').textContent).toBe('Plays left: 0 of 3');
    fireEvent.click(await screen.findByRole('button', { name: 'Play question audio' }));
    expect((await screen.findByTestId('play-limit')).textContent).toBe('Limit reached: Play audio up to 3 times only.');
    expect(screen.queryByRole('button', { name: 'Play question audio' })).toBeNull();
  });

  it('an unreachable server counts nothing and says so; the play can be asked again', async () => {
    const calls = server({ down: true });
    render(<Question start={1} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play question audio' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(screen.getByTestId('plays-left').textContent).toBe('Plays left: 2 of 3');
    expect(screen.queryByTestId('question-audio')).toBeNull();
    expect((screen.getByRole('button', { name: 'Play question audio' }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls).toHaveBeenCalledTimes(1);
  });
});
