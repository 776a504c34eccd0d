/** Fixture: c uses a, which closes the loop a → b → c → a. */
import { a } from '../a/a.service';

export const c = () => a;
