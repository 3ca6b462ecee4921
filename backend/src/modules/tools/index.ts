// Public surface of the tools context (ARCHITECTURE rule 2): other contexts import only from here.
export { ToolsModule } from './tools.module';
