/** Fixture: b uses c. */
import { c } from '../c/c.service';

export const b = () => c();
