import { createContext, useContext } from "react";

/** The CSP nonce of the current document: set on the server, empty in the browser. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
