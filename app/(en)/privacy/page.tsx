import { legalRoute } from "@/components/legal/legal-route";

const route = legalRoute("privacy");

export const metadata = route.metadata;

export default route.Page;
