import type { Metadata } from "next";

import { buttonVariants } from "@/components/ui/button";
import { Island } from "@/components/islands/island";

export const metadata: Metadata = {
  title: "Page not found",
  robots: { index: false },
};

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <Island name="missing-path-logger" props={{}} />
      <p className="text-7xl font-extrabold text-blue-700">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-950">Oops! Page not found</h1>
      <p className="mt-2 text-slate-700">
        The page you asked for has moved or never existed. Our offer form is one click away.
      </p>
      <a href="/" className={buttonVariants({ className: "mt-8" })}>
        Return to Home
      </a>
    </div>
  );
}
