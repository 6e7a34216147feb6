import { useEffect, useRef, useState } from 'react';

/**
 * An image only the API gives, behind the bearer token (an <img> cannot send it): fetched as a blob
 * while `key` names one (null fetches nothing), shown from memory through an object URL, which is
 * let go when the image changes or leaves the screen.
 */
export function useImageBlob(key: string | null, fetchBlob: (signal: AbortSignal) => Promise<unknown>) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const fetchRef = useRef(fetchBlob);
  fetchRef.current = fetchBlob;

  useEffect(() => {
    setUrl(null);
    setFailed(false);
    if (key === null) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchRef
      .current(controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob as Blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key]);

  return { url, failed };
}
