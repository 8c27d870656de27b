import type { Graph } from "schema-dts";

import { serializeJsonLd } from "@/lib/structured-data";

export type JsonLdProps = { data: Graph };

/** The page's one structured-data block, from the builders in lib/structured-data. */
export function JsonLd({ data }: JsonLdProps) {
  return (
    <script
      type="application/ld+json"
      // serializeJsonLd escapes "<", so the data cannot close the script element.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
