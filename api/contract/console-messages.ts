// The operator side's messages (issue 16), in one place for the API and the console.
export const CONSOLE_MESSAGES = {
  forbidden: "Only the channel's owner can do this.",
  platformOnly: "Only a platform admin can do this.",
  conflict: "This channel was changed by someone else since you opened it. Reload to see their change, then try again.",
  inUse: "This is still used elsewhere on the channel, so it cannot be removed.",
  invalid: "Some values are not valid.",
  unknownSection: "Unknown section.",
  unreadableColors: "These colours are too close to read: choose a pair with a contrast ratio of at least 4.5:1.",
  imageType: "Upload a PNG, JPEG, WebP, GIF or SVG image.",
  imageTooLarge: "The image is larger than 2 MB.",
  videoType: "Upload an MP4, MOV, WebM or MKV video.",
  videoTooLarge: "The video is larger than 100 MB.",
  aliasTaken: "This address is already taken.",
  aliasReserved: "This address is reserved.",
  domainTaken: "This domain is already used by a channel.",
  domainRoot: "Use your own domain, not one of the platform's.",
  notFound: "Not found.",
} as const;
