import type { ComponentProps, ComponentType } from "react";

import { assertSerializable, type Serializable } from "@/lib/serializable";
import { ISLAND_TAG } from "@/components/islands/island-root";
import { ISLANDS, type IslandName } from "@/components/islands/registry";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      [ISLAND_TAG]: {
        "data-island": string;
        "data-props": string;
        children?: React.ReactNode;
      };
    }
  }
}

type PropsOf<Name extends IslandName> = ComponentProps<(typeof ISLANDS)[Name]["component"]>;

export type IslandProps<Name extends IslandName> = {
  name: Name;
  props: PropsOf<Name> & Serializable;
};

/**
 * Marks an interactive part of a server-rendered page. The export hydrates only these
 * (scripts/islands/build.ts re-renders each as its own React root and loads its script);
 * `next dev` renders the component inside as Next always does.
 */
export function Island<Name extends IslandName>({ name, props }: IslandProps<Name>) {
  assertSerializable(props, `The props of island "${name}"`);
  const Component = ISLANDS[name].component as ComponentType<object>;
  return (
    <qhb-island data-island={name} data-props={JSON.stringify(props)}>
      <Component {...(props as object)} />
    </qhb-island>
  );
}
