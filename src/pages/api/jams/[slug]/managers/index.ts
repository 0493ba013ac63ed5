import { addManagerSchema, managerListSchema, managerSchema } from '#lib/schemas/jams';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { addManager, listManagers } from '#server/jams/managers';
import { exampleManager } from '#server/openapi/examples';
import { requireJamPermission } from '#server/auth/permissions';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Managers',
  summary: 'List managers',
  access: 'manager',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The managers.', schema: managerListSchema, example: { managers: [exampleManager] } },
  errors: [401, 403, 404],
  handler: async ({ user, early }) => {
    const jam = await early;
    await requireJamPermission(user, jam.id, 'jam:manage-managers');
    return { managers: await listManagers(jam) };
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Managers',
  summary: 'Add a manager',
  description: 'By Scratch username; the person must have logged in to Itinerary before.',
  access: 'manager',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  body: { schema: addManagerSchema, example: { name: 'pixel_pioneer' } },
  answer: { status: 201, description: 'The new manager.', schema: managerSchema, example: exampleManager },
  errors: [400, 401, 403, 404, 409],
  handler: async ({ user, body, early }) => addManager(user, await early, body.name),
});
