import { navigate } from '@app/ui';
import { useEffect, useState } from 'react';
import { hasLaunchQuery, type LaunchState, launchState } from './launchParams.ts';
import { clearRecreate, readRecreate } from './recreateStorage.ts';

/**
 * How /generate was opened, read once on arrival: the query (`tab`, `scale`, `upscaleImage`)
 * and Recreate's values in session storage. Both are then cleared, so a reload or a shared
 * address starts from a clean form.
 */
export function useLaunchState(): LaunchState {
  const [launch] = useState(() => launchState(new URLSearchParams(window.location.search), readRecreate()));
  useEffect(() => {
    clearRecreate();
    const { pathname, searchParams } = new URL(window.location.href);
    if (hasLaunchQuery(searchParams)) navigate(pathname, { replace: true });
  }, []);
  return launch;
}
