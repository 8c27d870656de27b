import type { AppIcon } from "@/lib/icons";
import { site } from "@/config/site";

export type AppIconImageProps = Pick<AppIcon, "size" | "purpose" | "opaque"> & {
  /** The brand mark (public/icon.svg) as a data URI. */
  mark: string;
};

/** Maskable icons keep the house inside the central 80% circle that launchers never cut. */
const MASKABLE_SCALE = 0.7;

/** An app icon for next/og: the brand mark, on a filled square where the platform needs one. */
export function AppIconImage({ size, purpose, opaque, mark }: AppIconImageProps) {
  const markSize = Math.round(purpose === "maskable" ? size * MASKABLE_SCALE : size);
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        backgroundColor: opaque ? site.themeColor : "transparent",
      }}
    >
      <img src={mark} alt="" width={markSize} height={markSize} />
    </div>
  );
}
