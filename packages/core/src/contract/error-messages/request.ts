import type { Language } from '../../limits';

/** The request itself: its shape, size, pace and origin, and whether the service can answer. */
export const REQUEST_ERRORS = {
  VALIDATION_FAILED: {
    en: 'Invalid request.',
    fr: 'Requête invalide.',
  },
  UNAUTHORIZED: {
    en: 'Authentication required.',
    fr: 'Authentification requise.',
  },
  NOT_FOUND: {
    en: 'Resource not found.',
    fr: 'Ressource introuvable.',
  },
  INTERNAL: {
    en: 'An internal error occurred.',
    fr: 'Une erreur interne est survenue.',
  },
  RATE_LIMITED: {
    en: 'Too many requests, try again later.',
    fr: 'Trop de requêtes, réessayez plus tard.',
  },
  BODY_TOO_LARGE: {
    en: 'The request is too large.',
    fr: 'La requête est trop volumineuse.',
  },
  BODY_INVALID_JSON: {
    en: 'The request body is not valid JSON.',
    fr: "Le corps de la requête n'est pas du JSON valide.",
  },
  MEDIA_TYPE_UNSUPPORTED: {
    en: 'Unsupported content type: send JSON.',
    fr: 'Type de contenu non pris en charge : envoyez du JSON.',
  },
  REQUEST_REFUSED: {
    en: 'The request was refused.',
    fr: 'La requête a été refusée.',
  },
  NOT_READY: {
    en: 'Service not ready: {{down}} not answering.',
    fr: 'Service indisponible : {{down}} ne répond pas.',
  },
  SHUTTING_DOWN: {
    en: 'Service not ready: this instance is shutting down.',
    fr: "Service indisponible : cette instance s'arrête.",
  },
  WRITES_TOO_FAST: {
    en: 'Too many changes in a short time. Wait a moment, then try again.',
    fr: 'Trop de modifications en peu de temps. Attendez un instant, puis réessayez.',
  },
  READS_TOO_FAST: {
    en: 'Too many reads in a short time. Wait a moment, then try again.',
    fr: 'Trop de lectures en peu de temps. Attendez un instant, puis réessayez.',
  },
  BODY_TOO_DEEP: {
    en: 'The request body nests arrays or objects too deeply.',
    fr: 'Le corps de la requête imbrique trop profondément des tableaux ou des objets.',
  },
  CURSOR_INVALID: {
    en: 'Invalid page cursor: start again from the first page.',
    fr: 'Curseur de page invalide : recommencez depuis la première page.',
  },
  ORIGIN_REFUSED: {
    en: 'Request origin refused.',
    fr: 'Origine de la requête refusée.',
  },
} as const satisfies Record<string, Record<Language, string>>;
