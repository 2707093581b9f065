import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes the next numbered SQL migration into migrations/ from api/db/schema.ts.
export default defineConfig({
  dialect: "sqlite",
  schema: ["./api/db/schema.ts", "./api/db/catalogue-schema.ts", "./api/db/auth-schema.ts", "./api/db/commerce-schema.ts", "./api/db/payments-schema.ts", "./api/db/webhook-schema.ts", "./api/db/checkout-schema.ts", "./api/db/clips-schema.ts", "./api/db/favorites-schema.ts"],
  out: "./migrations",
  migrations: { prefix: "index" },
});
