/** Where the message pages live (the route table mounts them under /user-center). */
export const messageCenterPath = '/user-center/message';
export const messageDetailPath = (id: number) => `/user-center/detailmessage/${id}`;
