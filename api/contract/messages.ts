// SPEC §8 messages, word for word. The API answers with these; the web app translates them by key.
export const MESSAGES = {
  noApiKey: "No chanel or api key found",
  generic: "Something went wrong. Please try again or contact technical support",
  unavailable: "Apologies! Our service is currently experiencing technical difficulties.",
  required: "Field is required",
  invalidEmail: "A valid email address is required",
  notFound: "Not found",
  throttled: "Too many requests",
} as const;
