import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT } from '@shared/constants/ui';

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

function detect(): boolean {
  if (typeof window === 'undefined') return false;
  const touch = 'ontouchstart' in window || navigator.maxTouchPoints > 0;
  return MOBILE_UA.test(navigator.userAgent) || touch || window.innerWidth <= MOBILE_BREAKPOINT;
}

/** Spec: mobile means a mobile user agent, touch support, or a window 768 px wide or less. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(detect);
  useEffect(() => {
    const update = () => setMobile(detect());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return mobile;
}
