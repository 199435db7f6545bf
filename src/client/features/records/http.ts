// Calls `apiRequest` cannot make (a response header, a multipart body) fail the same way it does.
export { throwIfNotOk as throwUnlessOk } from '../../lib/api';
