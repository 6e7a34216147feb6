/**
 * A multipart form for a typed `api` call. openapi-typescript types binary parts as strings, but what
 * goes on the wire is this FormData: openapi-fetch sends a FormData body as it is, and the browser sets
 * the multipart Content-Type with its boundary. Empty and missing parts are left out (empty
 * profile fields must not be sent).
 */
export function multipartBody<Body extends object>(
  parts: {
    [Name in keyof Body]?: string | Blob | undefined;
  },
): Body {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts) as [string, string | Blob | undefined][]) {
    if (value === undefined || value === '') continue;
    form.append(name, value);
  }
  return form as unknown as Body;
}
