import { useEffect, useState } from 'react';

export interface Coordinates {
  lat: number;
  lng: number;
  /** Radius of uncertainty in metres. */
  accuracy: number;
}

export type LocationState =
  { status: 'locating' } | { status: 'known'; coords: Coordinates } | { status: 'unavailable' };

/** The device position, read once when the screen loads. A refusal is logged, not shown as an error. */
export function useCurrentLocation(): LocationState {
  const [state, setState] = useState<LocationState>(() =>
    typeof navigator !== 'undefined' && 'geolocation' in navigator
      ? { status: 'locating' }
      : { status: 'unavailable' },
  );

  useEffect(() => {
    if (!('geolocation' in navigator)) {
      console.info('Location unavailable: this browser has no geolocation');
      return;
    }
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (cancelled) return;
        setState({
          status: 'known',
          coords: {
            lat: position.coords.latitude,
            lng: position.coords.longitude,
            accuracy: position.coords.accuracy,
          },
        });
      },
      (error) => {
        console.info('Location unavailable:', error.message);
        if (!cancelled) setState({ status: 'unavailable' });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return state;
}
