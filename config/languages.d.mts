export declare const SPANISH_PHONE_VARIABLE: "COMPANY_SPANISH_PHONE";
export declare const EXAMPLE_SPANISH_PHONE: string;
export declare const SPANISH_ROUTE_EXTENSION: "es.tsx";
export declare function spanishPhoneSetting(
  env: Record<string, string | undefined>,
): string | undefined;
