import type { Department, Location, Page, Site, Station, Workflow } from '@careboard/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useConsoleRuntime } from '../../runtime-config/console-runtime.ts';
import type { SetupBoard, SetupData, SetupDevice } from './setup-steps.ts';

/** The largest page the API allows: a customer in Setup has a handful of each. */
const ALL = 'limit=200';

/**
 * Everything Setup decides from, read again after each step's write: the customer's data is the
 * only state Setup keeps, so a reload or another tab continues at the same step (CON-29).
 */
export function useSetupData(): {
  readonly data: SetupData | undefined;
  readonly error: unknown;
  readonly reload: () => Promise<void>;
} {
  const { http } = useConsoleRuntime();
  const [state, setState] = useState<{ data: SetupData | undefined; error: unknown }>({
    data: undefined,
    error: undefined,
  });
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    const page = async <T>(path: string) => ((await http.getJson(path)) as Page<T>).items;
    try {
      const [sites, departments, workflows, locations, stations, boards, devices] = await Promise.all([
        page<Site>(`sites?${ALL}`),
        page<Department>(`departments?${ALL}`),
        page<Workflow>(`workflows?${ALL}`),
        page<Location>(`locations?${ALL}`),
        page<Station>(`stations?${ALL}`),
        http.getJson('display-boards') as Promise<SetupBoard[]>,
        page<SetupDevice>(`devices?${ALL}&revoked=false`),
      ]);
      const counts = await Promise.all(
        workflows.map(async (workflow) => [
          workflow.id,
          (await page<unknown>(`workflows/${workflow.id}/phases?${ALL}`)).length,
        ]),
      );
      if (mine !== generation.current) return;
      setState({
        data: {
          sites,
          departments,
          workflows,
          phaseCounts: Object.fromEntries(counts),
          locations,
          stations,
          boards,
          devices,
        },
        error: undefined,
      });
    } catch (error) {
      if (mine === generation.current) setState((previous) => ({ ...previous, error }));
    }
  }, [http]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...state, reload };
}
