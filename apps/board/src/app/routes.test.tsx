import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { boardConfig } from '../board/test-board-config.ts';
import { renderApp } from './test-harness.tsx';

function sendConfig(app: ReturnType<typeof renderApp>, config: object = boardConfig) {
  const sink = app.sinks.at(-1);
  if (!sink) throw new Error('the board config is not subscribed');
  act(() => sink.next({ data: { displayBoard: config } }));
}

async function signedInAndConnected(path: string) {
  const app = renderApp(path);
  act(() => {
    app.signIn();
    app.connect();
  });
  await waitFor(() => expect(app.subscribe).toHaveBeenCalled());
  return app;
}

describe('authentication guard', () => {
  it('shows the spinner while not authenticated, then sends the standard flow to auth/login with next', async () => {
    const app = renderApp('/family?id=1');
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    await waitFor(() => expect(app.auth.restoreSession).toHaveBeenCalledWith('standard'));
    // The guard itself shows the spinner while the silent sign-in runs.
    expect(screen.getByRole('progressbar')).toBeTruthy();
    act(() => app.answerRestore('no-session'));
    await waitFor(() => expect(app.pathname()).toBe('/auth/login'));
    expect(app.search()).toBe('?next=%2Ffamily%3Fid%3D1');
    await waitFor(() => expect(app.auth.startLogin).toHaveBeenCalledWith('/family?id=1'));
  });

  it('renders the board once the silent sign-in succeeds', async () => {
    const app = renderApp('/?id=1');
    act(() => {
      app.signIn();
      app.connect();
    });
    await waitFor(() => expect(app.subscribe).toHaveBeenCalledOnce());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows no spinner in the device flow and sends it to auth/device with next', async () => {
    const app = renderApp('/?id=1&auth_flow=1');
    await waitFor(() => expect(app.auth.restoreSession).toHaveBeenCalledWith('device'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => app.answerRestore('no-session'));
    await waitFor(() => expect(app.pathname()).toBe('/auth/device'));
    expect(new URLSearchParams(app.search()).get('next')).toBe('/?id=1&auth_flow=1');
  });
});

describe('scope guard', () => {
  it('refuses a token without access:display-board, with a Close action', async () => {
    const app = renderApp('/?id=1');
    act(() => {
      app.signIn('read:sites');
      app.connect();
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('You do not have permissions to access this section.');
    expect(app.subscribe).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('data connection guard', () => {
  it('waits for the live connection before loading the board', async () => {
    const app = renderApp('/?id=1');
    act(() => app.signIn());
    await act(async () => undefined);
    expect(app.subscribe).not.toHaveBeenCalled();
    act(() => app.connect());
    await waitFor(() => expect(app.subscribe).toHaveBeenCalledOnce());
    expect(app.subscribe.mock.calls[0]?.[0]).toMatchObject({ variables: { displayBoardId: 1 } });
  });
});

describe('board type guard', () => {
  it('routes the root to the board type’s route once the config exists, keeping the query', async () => {
    const app = await signedInAndConnected('/?id=1&rotate=0');
    expect(app.location()).toBe('/?id=1&rotate=0');
    sendConfig(app);
    await waitFor(() => expect(app.location()).toBe('/workflow?id=1&rotate=0'));
    expect((await screen.findByRole('heading')).textContent).toBe('Pre-op workflow');
  });

  it('sends /family?id=1 of a workflow board to /workflow?id=1', async () => {
    const app = await signedInAndConnected('/family?id=1');
    sendConfig(app);
    await waitFor(() => expect(app.location()).toBe('/workflow?id=1'));
  });

  it.each([
    [2, '/family'],
    [3, '/patient'],
    [4, '/assets-par-level'],
  ])('routes board type %i to %s', async (type, route) => {
    const app = await signedInAndConnected('/workflow?id=1');
    sendConfig(app, { ...boardConfig, display_board_type_id: type });
    await waitFor(() => expect(app.location()).toBe(`${route}?id=1`));
    expect((await screen.findByRole('heading')).textContent).toBe('Pre-op workflow');
  });

  it('shows no board route before the config exists', async () => {
    await signedInAndConnected('/workflow?id=1');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('says Missing ID in url. without an id', async () => {
    const app = renderApp('/workflow');
    act(() => {
      app.signIn();
      app.connect();
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Missing ID in url.');
    expect(app.subscribe).not.toHaveBeenCalled();
  });

  it('says Display board does not exist. in a snack bar for an unknown board', async () => {
    const app = await signedInAndConnected('/?id=404');
    const sink = app.sinks.at(-1);
    act(() =>
      sink?.error([
        { message: 'Display board with id 404 was not found.', extensions: { code: 'ENTITY_NOT_FOUND' } },
      ]),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Display board does not exist.');
  });

  it('says There was an unexpected error. for a config it cannot read, and reports it', async () => {
    const app = await signedInAndConnected('/?id=1');
    sendConfig(app, { ...boardConfig, page_rotation_sec: 'fast' });
    expect((await screen.findByRole('alert')).textContent).toBe('There was an unexpected error.');
    expect(app.reporter.report).toHaveBeenCalled();
  });
});

describe('other paths', () => {
  it('go to the root, keeping the query', async () => {
    const app = renderApp('/no/such/page?id=1');
    await waitFor(() => expect(app.location()).toBe('/?id=1'));
  });
});

describe('sign-in callback', () => {
  it('goes to the saved target path after a successful callback', async () => {
    const app = renderApp('/auth/callback?code=abc&state=s1', (auth) => {
      auth.completeLogin.mockResolvedValue('/family?id=2');
    });
    await waitFor(() => expect(app.auth.completeLogin).toHaveBeenCalledOnce());
    expect(app.auth.completeLogin).toHaveBeenCalledWith(
      expect.stringMatching(/\/auth\/callback\?code=abc&state=s1$/),
    );
    await waitFor(() => expect(app.pathname()).toBe('/family'));
  });

  it('goes to the error path (the root) when the callback fails', async () => {
    const app = renderApp('/auth/callback?error=access_denied&state=s1', (auth) => {
      auth.completeLogin.mockRejectedValue(new Error('access_denied'));
    });
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(app.reporter.report).toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('signs the user out', async () => {
    const app = renderApp('/auth/logout');
    await waitFor(() => expect(app.auth.logout).toHaveBeenCalledOnce());
  });
});
