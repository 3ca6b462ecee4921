// Public surface of the tools context (ARCHITECTURE rule 2): other contexts import only from here.
// Nothing else is offered: no other context needs YouTube to Article, and nothing of it is stored.
export { ToolsModule } from './tools.module';
