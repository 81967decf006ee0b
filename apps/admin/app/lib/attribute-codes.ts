import { z } from "zod";

/** An attribute's or a value's code as typed in a form: the API's rule, with a message that shows an example. */
export const AttributeCodeFormSchema = z
  .string()
  .trim()
  .min(1, "Enter a code")
  .max(50, "Keep the code to 50 characters")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single dashes, such as cover-type");
