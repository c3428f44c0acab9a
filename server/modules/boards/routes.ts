import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOARD_MESSAGES, ZBoard, ZBoardCreate, ZBoardItem, ZBoardItemCreate, ZBoardItemUpdate, ZBoardList, ZBoardListQuery, ZBoardPage, ZBoardPageQuery, ZBoardUpdate } from '../../../contract/boards.js';
import { ZErrorBody } from '../../../contract/errors.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Database } from '../../db/client.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import { boardFeedUrls } from '../feeds-out/feeds.js';
import { createBoard, deleteBoard, listBoards, updateBoard } from './boards.js';
import { addItem, boardPage, editNote, removeItem } from './items.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };
const tags = ['boards'];
/** Board changes one user may make a minute (per API process). */
const CHANGES_PER_MINUTE = 60;
const idOf = (message: string) => z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const ZBoardParams = z.object({ id: idOf(BOARD_MESSAGES.notFound) });
const ZItemParams = z.object({ id: idOf(BOARD_MESSAGES.notFound), item: idOf(BOARD_MESSAGES.itemNotFound) });

/**
 * Team boards (issue 39 item 6, ADR 017), always inside the caller's account: GET/POST /boards/,
 * GET/PATCH/DELETE /boards/{id}/, POST /boards/{id}/items/, PATCH/DELETE /boards/{id}/items/{item}/.
 * A board the caller does not see is 'not found' on every call. Sessions only.
 */
export const boardRoutes =
  ({ database, keys, publicUrl }: { database: Database; keys: AuthKeys; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = database;
    const signedIn = requireAuth(keys, database);
    const changing = [signedIn, perUserRateLimit(app, 'board-change', CHANGES_PER_MINUTE)];

    app.get('/boards/', { preHandler: signedIn, schema: { tags, querystring: ZBoardListQuery, response: { 200: ZBoardList, ...errors } } }, async (request) =>
      listBoards(db, request.auth!.userId, request.query.article_id),
    );

    app.post('/boards/', { preHandler: changing, schema: { tags, body: ZBoardCreate, response: { 201: ZBoard, ...errors } } }, async (request, reply) =>
      reply.code(201).send(await createBoard(db, request.auth!.userId, request.body)),
    );

    app.get('/boards/:id/', { preHandler: signedIn, schema: { tags, params: ZBoardParams, querystring: ZBoardPageQuery, response: { 200: ZBoardPage, ...errors } } }, async (request) => {
      const page = await boardPage(db, request.auth!.userId, request.params.id, request.query.before);
      return { ...page, feeds: await boardFeedUrls(db, keys, publicUrl, request.auth!.userId, request.params.id) };
    });

    app.patch('/boards/:id/', { preHandler: changing, schema: { tags, params: ZBoardParams, body: ZBoardUpdate, response: { 200: ZBoard, ...errors } } }, async (request) =>
      updateBoard(db, request.auth!.userId, request.params.id, request.body),
    );

    app.delete('/boards/:id/', { preHandler: changing, schema: { tags, params: ZBoardParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await deleteBoard(db, request.auth!.userId, request.params.id);
      return reply.code(204).send(null);
    });

    app.post('/boards/:id/items/', { preHandler: changing, schema: { tags, params: ZBoardParams, body: ZBoardItemCreate, response: { 201: ZBoardItem, ...errors } } }, async (request, reply) =>
      reply.code(201).send(await addItem(db, request.auth!.userId, request.params.id, request.body)),
    );

    app.patch('/boards/:id/items/:item/', { preHandler: changing, schema: { tags, params: ZItemParams, body: ZBoardItemUpdate, response: { 200: ZBoardItem, ...errors } } }, async (request) =>
      editNote(db, request.auth!.userId, request.params.id, request.params.item, request.body.note),
    );

    app.delete('/boards/:id/items/:item/', { preHandler: changing, schema: { tags, params: ZItemParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await removeItem(db, request.auth!.userId, request.params.id, request.params.item);
      return reply.code(204).send(null);
    });
  };
