export { BrandMark } from '../../components/brand';
import { useEffect } from 'react';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} · Centerline` : 'Centerline';
    return () => {
      document.title = previous;
    };
  }, [title]);
}
