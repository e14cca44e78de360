/** The open-slots page's heading, which its head tags repeat (src/client/server-pages.ts). */
export const careOpenSlotsTitle = (patientName: string) => `Help ${patientName} in the weeks after surgery`;
