/** The value of the Shoelace (or native) control an input or change event came from. */
export const inputValue = (event: Event): string => (event.target as HTMLInputElement).value;
