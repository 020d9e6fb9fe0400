/**
 * The API's calls as the generated OpenAPI document (/api/docs/json) lists them, with the fields
 * each takes: what the fuzz and scope tests walk, so a new route is covered the day it is written.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  default?: unknown;
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
}

export interface ApiRoute {
  method: string;
  path: string;
  fields: { name: string; required: boolean; schema: JsonSchema }[];
  /** GET calls take their input as query params; the others as a JSON body. */
  inQuery: boolean;
}

export async function apiRoutes(serverUrl: string, skipped: Set<string>): Promise<ApiRoute[]> {
  const document = (await (await fetch(`${serverUrl}/api/docs/json`)).json()) as { paths: Record<string, Record<string, Operation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (skipped.has(`${upper} ${path}`)) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const fields = body
        ? Object.entries(body.properties ?? {}).map(([name, schema]) => ({ name, schema, required: body.required?.includes(name) ?? false }))
        : (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {}, required: parameter.required ?? false }));
      routes.push({ method: upper, path, fields, inQuery: !body });
    }
  }
  return routes;
}
